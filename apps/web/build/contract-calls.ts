/**
 * Vite plugin (issue #17): the contract's calls and schemas without zod on a page's critical path.
 *
 * `virtual:contract-calls` holds, for every call the contract declares, its method, its path and which contract
 * module declares it: what lib/api.ts needs to send a request at once, while the module with the call's schemas
 * (and zod) is fetched in parallel. It also loads any exported schema of the contract by name, through a second,
 * lazy table (`virtual:contract-exports`: every exported name and its module).
 *
 * The modules these tables fetch are a copy of the contract's (ids ending in `?lazy-contract`, and so are their
 * imports): a page that imports a constant of a module statically (LIMITS from common.ts) keeps just that constant,
 * tree-shaken as before, instead of the module's chunk with every schema and zod.
 *
 * The calls named in `checkedWithoutZod` (those a first page makes as it opens: publicConfig) also carry their
 * reply schema as JSON Schema, made here by zod's `toJSONSchema` from the contract itself; lib/reply-check.ts checks
 * their replies with it, so the page needs no zod at all. A schema with anything that check does not handle (a
 * default, a format, a transform) fails the build.
 *
 * In the web build every top-level constant of a contract module with schemas is wrapped in a pure function call:
 * one no page uses is dropped, even a schema built by a method of another (`A.or(B)`, `.extend()`), which the
 * bundler would otherwise keep, with zod, for a page that only reads a constant of the same module.
 *
 * Read from the contract's source files at build time: a call is `name: call({ method: 'X', path: '/y', ... })`, an
 * export is `export const Name`. The unit test lib/contract.test.ts checks the table against the contract itself
 * (the same names, methods and paths), so a call written another way fails there rather than at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst } from 'vite';
import type * as Zod from 'zod';
import { HANDLED_KEYWORDS, type JsonSchema } from '../src/lib/reply-check';

const CALLS_ID = 'virtual:contract-calls';
const LAZY = '?lazy-contract';
const EXPORTS_ID = 'virtual:contract-exports';

/** The contract modules that declare something: not the barrel, nor the aggregate of every call. */
function contractFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'calls.ts')
    .sort()
    .map((f) => path.join(dir, f));
}

interface Declared {
  calls: { name: string; method: string; path: string }[];
  exports: string[];
}

export function readContract(dir: string): Map<string, Declared> {
  const out = new Map<string, Declared>();
  for (const file of contractFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    const starts = [...text.matchAll(/^\s+(\w+): call\(\{/gm)];
    const calls = starts.map((m, i) => {
      const block = text.slice(m.index, starts[i + 1]?.index ?? text.length);
      const method = /\bmethod: '(\w+)'/.exec(block)?.[1];
      const route = /\bpath: '([^']+)'/.exec(block)?.[1];
      if (!method || !route) throw new Error(`${file}: call ${m[1]} has no literal method and path`);
      return { name: m[1]!, method, path: route };
    });
    const exports = [...text.matchAll(/^export const (\w+)\b/gm)].map((m) => m[1]!);
    // Modules without calls nor schemas (messages, call, catalogues) are imported as they are.
    if (calls.length || (/from 'zod'/.test(text) && exports.length)) out.set(file, { calls, exports });
  }
  return out;
}

const json = (value: unknown) => JSON.stringify(value);

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  kind?: string;
  declarations?: { init?: Node | null }[];
}

/** `const X = expr` at the top level becomes `const X = /* @__PURE__ *\/ (() => expr)()` (JavaScript in, out). */
export function pureConstants(code: string): string {
  const body = (parseAst(code) as unknown as { body: Node[] }).body;
  const inits: Node[] = [];
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations ?? []) {
      if (d.init && !/^(Literal|ArrowFunctionExpression|FunctionExpression|Identifier)$/.test(d.init.type))
        inits.push(d.init);
    }
  }
  let out = code;
  for (const init of inits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
  }
  return out;
}

/** Every keyword of a JSON Schema, nested ones included, must be one lib/reply-check.ts handles. */
function assertHandled(schema: unknown, where: string): void {
  if (Array.isArray(schema)) return schema.forEach((s) => assertHandled(s, where));
  if (typeof schema !== 'object' || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    if (!HANDLED_KEYWORDS.includes(key))
      throw new Error(`${where}: JSON Schema keyword ${key} is not checked without zod`);
    if (key === 'properties') Object.values(value as object).forEach((s) => assertHandled(s, where));
    else if (key !== 'enum' && key !== 'const' && key !== 'required') assertHandled(value, where);
  }
}

/** The JSON Schema of each named call's reply, as zod parses a reply (its input side), from the contract itself. */
async function replySchemas(contractDir: string, names: string[]): Promise<Record<string, JsonSchema>> {
  if (names.length === 0) return {};
  const { tsImport } = await import('tsx/esm/api');
  const index = path.join(contractDir, 'index.ts');
  const contract = (await tsImport(index, import.meta.url)) as { CALLS: Record<string, { reply: unknown }> };
  const { z } = (await tsImport('zod', index)) as typeof Zod;
  const out: Record<string, JsonSchema> = {};
  for (const name of names) {
    const reply = contract.CALLS[name]?.reply;
    if (!reply) throw new Error(`checkedWithoutZod: the contract declares no call ${name}`);
    const schema = z.toJSONSchema(reply as Zod.ZodType, { io: 'input', unrepresentable: 'throw' });
    assertHandled(schema, `checkedWithoutZod ${name}`);
    out[name] = schema as JsonSchema;
  }
  return out;
}

export function contractCalls(dir: string, options: { checkedWithoutZod?: string[] } = {}): Plugin[] {
  // Module ids are real paths (a checkout reached through a symbolic link still matches).
  const contractDir = fs.realpathSync(dir);
  const resolved = (id: string) => `\0${id}`;
  const pure: Plugin = {
    name: 'provisio-contract-pure-constants',
    transform(code, id) {
      // The contract as pages import it (not the lazy copy): constants they do not use go, schemas first.
      if (!id.startsWith(contractDir) || !id.endsWith('.ts') || !/from ['"]zod['"]/.test(code)) return undefined;
      return { code: pureConstants(code), map: null };
    },
  };
  const tables: Plugin = {
    name: 'provisio-contract-calls',
    // Before Vite's resolver, which would take the lazy copy's imports back to the contract as pages import it.
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === CALLS_ID || id === EXPORTS_ID) return resolved(id);
      // Inside the lazy copy, the contract's relative imports stay in the copy.
      if (importer?.endsWith(LAZY) && id.startsWith('.')) {
        const file = path.resolve(path.dirname(importer.slice(0, -LAZY.length)), id);
        const ts = fs.existsSync(`${file}.ts`) ? `${file}.ts` : file;
        if (ts.startsWith(contractDir) && ts.endsWith('.ts')) return `${ts}${LAZY}`;
      }
      return undefined;
    },
    async load(id) {
      if (id !== resolved(CALLS_ID) && id !== resolved(EXPORTS_ID)) return undefined;
      const declared = readContract(contractDir);
      for (const file of declared.keys()) this.addWatchFile(file);
      const files = [...declared.keys()];
      const loaders = `const files = [\n${files.map((f) => `  () => import(${json(f + LAZY)}),`).join('\n')}\n];`;
      if (id === resolved(EXPORTS_ID)) {
        const at: Record<string, number> = {};
        files.forEach((f, i) => declared.get(f)!.exports.forEach((name) => (at[name] = i)));
        return `${loaders}\nconst at = ${json(at)};\nexport const loadExport = (name) => at[name] === undefined ? Promise.reject(new Error('The contract exports no ' + name)) : files[at[name]]().then((m) => m[name]);\n`;
      }
      // [module, method, path]; POST and `/${name}` (most calls) are left out.
      const table: Record<string, [number, string?, string?]> = {};
      files.forEach((f, i) => {
        for (const c of declared.get(f)!.calls) {
          const plain = c.path === `/${c.name}`;
          table[c.name] = c.method === 'POST' && plain ? [i] : plain ? [i, c.method] : [i, c.method, c.path];
        }
      });
      const checks = await replySchemas(contractDir, options.checkedWithoutZod ?? []);
      return `${loaders}\nexport const REPLY_CHECKS = ${json(checks)};\nexport const CALL_TABLE = ${json(table)};\nexport const loadModule = (i) => files[i]();\nexport const loadExports = () => import(${json(EXPORTS_ID)});\n`;
    },
  };
  return [tables, pure];
}
