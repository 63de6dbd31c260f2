import { describe, expect, it } from 'vitest';
import { buildLogQuery } from './logql';

describe('buildLogQuery', () => {
  it('selects every stream and parses JSON when nothing is filtered', () => {
    expect(buildLogQuery({ text: '', level: '' })).toBe('{job=~".+"} | json');
  });

  it('filters the line case-insensitively, then the level and ids as fields', () => {
    expect(buildLogQuery({ text: 'disk full', level: 'error', reqId: 'r-1', jobId: 'j-2' })).toBe(
      '{job=~".+"} |~ "(?i)disk full" | json | level="error" | reqId="r-1" | jobId="j-2"',
    );
  });

  it('escapes regular-expression characters, quotes and backslashes', () => {
    expect(buildLogQuery({ text: 'a.b*(c)? "q" \\d [x] {1} ^$|+', level: '' })).toBe(
      String.raw`{job=~".+"} |~ "(?i)a\\.b\\*\\(c\\)\\? \"q\" \\\\d \\[x\\] \\{1\\} \\^\\$\\|\\+" | json`,
    );
    expect(buildLogQuery({ text: 'line\nbreak', level: '', reqId: 'say "hi"' })).toBe(
      String.raw`{job=~".+"} |~ "(?i)line\nbreak" | json | reqId="say \"hi\""`,
    );
  });

  it('filters by the tenant a line names (issue #19)', () => {
    expect(buildLogQuery({ text: '', level: '', tenant: 'acme.example' })).toBe(
      '{job=~".+"} | json | tenant="acme.example"',
    );
  });

  it('filters answered requests by status class on the flattened res_statusCode (issue #19)', () => {
    expect(buildLogQuery({ text: '', level: '', statusClass: '5xx' })).toBe(
      '{job=~".+"} | json | res_statusCode=~"5.."',
    );
  });

  it('uses the configured stream selector', () => {
    expect(buildLogQuery({ text: '', level: 'info' }, '{app="provisio",env="prod"}')).toBe(
      '{app="provisio",env="prod"} | json | level="info"',
    );
  });
});
