/** Issue #18 "view as": the sample request of its admin call (a simple user of the victim tenant, with a reason). */
export const VIEW_AS_SAMPLES = {
  'POST /api/v1/viewAs': {
    body: (i: { victimUser: number }) => ({ principal_type: 'user', id: i.victimUser, reason: 'Permission matrix' }),
  },
};
