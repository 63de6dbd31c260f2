/**
 * esbuild plugin shared by the server build (scripts/build.mjs) and the development log worker (log-worker.mjs): our
 * sources and the workspace's @provisio packages are bundled; every other package stays an import Node resolves.
 */
export const ownPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@provisio/') ? undefined : { path: args.path, external: true },
    );
  },
};
