// The shapes of the permission matrix's sample requests: apart, so the per-feature sample files import them
// without importing route-samples.ts, which imports them (an import cycle).

/** Records of the victim tenant (and its reseller) that the sample requests aim at. */
export interface Ids {
  pioneer: number;
  pioneerTenantLink: number;
  victimResellerUser: number;
  victimLink: number;
  victimUser: number;
  victimDomain: number;
  victimExtension: string;
  victimExtensionId: number;
  template: number;
  victimProfile: number;
  victimJob: number;
  victimRecording: number;
}

/** One request per route that gets past validation (for callers allowed to make it), aimed at the victim tenant. */
export interface Sample {
  body?: (ids: Ids) => unknown;
  /** The URL to call when the route has path parameters or a query. */
  url?: (ids: Ids) => string;
  /** Sends an SDP offer (the listen-in call) instead of JSON. */
  sdp?: boolean;
}
