// Read by zod when it loads (before any schema is built): the CSP forbids eval, and without this zod probes
// `new Function` once, which the browser reports as a CSP violation. A file, not an inline script, for the CSP.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
