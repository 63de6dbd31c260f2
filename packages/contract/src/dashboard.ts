import { z } from 'zod';

export const DashboardReply = z.object({
  resellers: z.number(),
  tenants: z.number(),
  extensions: z.number(),
  linked_extensions: z.number(),
  mobile_enabled: z.number(),
  desktop_enabled: z.number(),
});
export type DashboardReply = z.infer<typeof DashboardReply>;
