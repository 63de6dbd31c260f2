/** The connectors this build has (docs/platforms.md); config.ts validates PLATFORM against it. */
export const PLATFORMS = ['builtin', 'kamailio', 'netsapiens'] as const;
