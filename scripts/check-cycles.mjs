#!/usr/bin/env node
/**
 * Import cycles, type-only imports included (`npm run lint`). ESLint's import-x/no-cycle sees runtime cycles only: it
 * skips every `import type` edge, and a cycle of types is still two files that cannot be understood apart. This reads
 * the imports of every file the three tsconfig projects include (TypeScript's own scanner and resolver, from the
 * TypeScript 6 API that `typescript` resolves to), finds the strongly connected components and prints one cycle
 * of each. Exits 1 when there is any.
 */
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];

/** Import graph: file -> files it imports (project files only: node_modules and declaration files are left out). */
function importGraph() {
  const graph = new Map();
  for (const project of PROJECTS) {
    const configPath = path.join(ROOT, project);
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
    const host = ts.createCompilerHost(parsed.options);
    for (const file of parsed.fileNames) {
      if (graph.has(file) || file.endsWith('.d.ts')) continue;
      const edges = new Set();
      const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
      for (const { fileName } of importedFiles) {
        const { resolvedModule } = ts.resolveModuleName(fileName, file, parsed.options, host);
        const target = resolvedModule && ts.sys.realpath(resolvedModule.resolvedFileName);
        if (!target || resolvedModule.isExternalLibraryImport || target.includes('/node_modules/')) continue;
        if (target.endsWith('.d.ts') || target === file) continue;
        edges.add(target);
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file (iterative: no recursion limit). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1);
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const to = edges[frame[2]++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length) low.set(work.at(-1)[0], Math.min(low.get(work.at(-1)[0]), low.get(node)));
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  }
  return found;
}

/** One closed path through a component, for the message: breadth-first from its first file back to itself. */
function onePath(graph, component) {
  const members = new Set(component);
  const [start] = [...component].sort();
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const route = [node];
        while (previous.get(route[0])) route.unshift(previous.get(route[0]));
        return [...route, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component;
}

const graph = importGraph();
const found = cycles(graph);
for (const component of found) {
  const route = onePath(graph, component).map((f) => path.relative(ROOT, f));
  const members = component.map((f) => path.relative(ROOT, f)).sort();
  console.error(`import cycle: ${route.join(' -> ')}`);
  if (members.length > route.length - 1)
    console.error(`  (one of ${members.length} files importing each other: ${members.join(', ')})`);
}
console.log(`check-cycles: ${graph.size} files, ${found.length} import cycle${found.length === 1 ? '' : 's'}`);
process.exit(found.length ? 1 : 0);
