import { z } from 'zod';
import { call } from './call';

/**
 * Company directory for the softphone app: Acrobits "Web Service Contacts" (doc.acrobits.net/api/client/web_contacts.html,
 * the contact JSON of /cloudsoftphone/contacts.html). The answer is `{ "contacts": [...] }` as in Acrobits' own sample
 * (GitHub Acrobits-Dev/integration-snippets, acrobits_contacts.php); each contact carries the documented keys
 * contactId, displayName, fname, lname and contactEntries (entryId, label, type, uri).
 */
export const DirectoryEntry = z.object({
  entryId: z.string(),
  label: z.string(),
  type: z.enum(['tel', 'email']),
  uri: z.string(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntry>;

export const DirectoryContact = z.object({
  contactId: z.string(),
  displayName: z.string(),
  fname: z.string(),
  lname: z.string(),
  contactEntries: z.array(DirectoryEntry),
});
export type DirectoryContact = z.infer<typeof DirectoryContact>;

export const DirectoryReply = z.object({ contacts: z.array(DirectoryContact) });
export type DirectoryReply = z.infer<typeof DirectoryReply>;

/** Request fields, as /provision takes them (GET query or POST form); HTTP Basic authentication is also accepted. */
export const DIRECTORY_PARAMS = 'cloud_id (optional; when given it must be this cloud), cloud_username, cloud_password';

const directorySummary =
  "Acrobits Web Service Contacts: the app account's company directory (its tenant's extensions) as contact JSON; Last-Modified / 304";

/**
 * The company directory the softphone app loads (issue #14 item 5), as GET (query) or POST (form or JSON): the fields
 * are DIRECTORY_PARAMS, read by the route from the query and the body; no body schema.
 */
export const directoryCalls = {
  directory: call({
    method: 'GET',
    path: '/directory',
    access: 'public',
    tags: ['provisioning'],
    summary: directorySummary,
    reply: DirectoryReply,
  }),
  directoryForm: call({
    method: 'POST',
    path: '/directory',
    access: 'public',
    tags: ['provisioning'],
    summary: directorySummary,
    reply: DirectoryReply,
  }),
};
