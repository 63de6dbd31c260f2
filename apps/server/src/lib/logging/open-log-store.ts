import type { LogStore } from './log-store';
import { openPgLogStore } from './pg-log-store';
import { openSqliteLogStore } from './sqlite-log-store';

export type LogStoreTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

export function openLogStore(target: LogStoreTarget): LogStore {
  return target.kind === 'postgres' ? openPgLogStore(target.url, target.schema) : openSqliteLogStore(target.file);
}
