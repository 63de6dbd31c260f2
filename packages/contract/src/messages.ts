/**
 * The one catalogue of messages that both the server (error bodies, emails) and the web app (toasts, inline
 * validation) show. English is the spec's wording with its spelling mended (see docs/spec-deviations.md).
 * Placeholders use i18next's {{name}} syntax so the web can load this object as an i18next namespace.
 */
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';
import { pt } from './catalogues/pt';

export const LANGUAGES = ['en', 'es', 'pt', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

const en = {
  // generic request errors
  badRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This content type is not accepted here.',
  payloadTooLarge: 'The request is too large.',
  validationFailed: 'Some fields are missing or not valid.',
  fieldRequired: '{{field}} is required.',
  fieldType: '{{field}} must be a {{expected}}.',
  fieldTooShort: '{{field}} must be at least {{min}} characters long.',
  fieldTooLong: '{{field}} must be at most {{max}} characters long.',
  fieldTooSmall: '{{field}} must be at least {{min}}.',
  fieldTooBig: '{{field}} must be at most {{max}}.',
  fieldInvalid: '{{field}} is not valid.',
  fieldUnknown: '{{field}} is not an accepted field.',
  notFound: 'Not found.',
  routeNotFound: 'There is no such call.',
  internalError: 'Something went wrong on our side. The error was logged; please try again.',
  serviceUnavailable: 'The service is not available right now. Please try again shortly.',
  databaseBusy: 'The database is busy, please try again in a moment.',
  // sessions and roles
  invalidCredentials: 'Invalid Credentials',
  notSignedIn: 'You are not signed in, or your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
  tooManyResetRequests: 'Too many reset requests. Please try again in {{minutes}} minutes.',
  loggedOut: 'You have been signed out.',
  // passwords
  usernameRequiredForReset: 'Username is mandatory to reset Password',
  resetEmailSent: 'We have sent you an email to reset your password!',
  resetEmailFailed: 'Failed to send reset email!',
  fillBothFields: 'Please fill both fields',
  adminPasswordMin: 'New Password should be at least 6 characters long!',
  appPasswordMin: 'New Password should be at least 8 characters long!',
  passwordMaxLength: 'Password should be at most 100 characters long!',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordResetDone: 'Password has been reset successfully!',
  resetLinkInvalid: 'This reset link is not valid. Please ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Please ask for a new one.',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one.',
  wrongPassword: 'Wrong Password',
  passwordUpdated: 'Successfully Updated Password',
  strengthMinChars: 'Minimum number of characters are 8',
  strengthMaxChars: 'Maximum number of characters are 100',
  passwordWeak: 'Password is weak',
  // profile
  missingData: 'Missing data',
  profileUpdated: 'Successfully Updated User Information!',
  imageTooBig: 'The file size is too big (at most 5 MB).',
  imageTypeNotAllowed: 'Only .jpg, .gif, .png and .svg images are accepted.',
  imageContentMismatch: 'The file is not a valid {{type}} image.',
  svgUnsafe: 'This SVG image contains scripts or external content and was refused.',
  oneImageOnly: 'Please upload one image only.',
  // emails
  resetEmailSubject: 'Reset your password',
  resetEmailText:
    'Hello {{name}},\n\nSomeone asked to reset the password of your account "{{username}}". Open this link within {{minutes}} minutes to choose a new password:\n\n{{link}}\n\nIf you did not ask for this, you can ignore this email; your password stays as it is.',
  // administration (issue #3)
  resellerNameRequired: "Name is mandatory to save reseller!",
  resellerNameTaken: "A reseller with this name already exists.",
  selectResellerAndTenant: "Please select the reseller and tenant to supervise first!",
  tenantAlreadySupervised: "This reseller already supervises this tenant.",
  tenantNotFound: "This tenant does not exist.",
  selectResellerFirst: "Please select the reseller first!",
  resellerAlreadyLinked: "The user is already part of this reseller.",
  starFieldsRequired: "Fields with * are mandatory!",
  emailInvalid: "Please enter a valid email address.",
  usernameInvalid: "A username may contain only letters, digits and . _ @ -",
  resellerUserPasswordRequired: "Password is mandatory to add reseller user!",
  userPasswordRequired: "Password is mandatory to add user!",
  accountPasswordMin: "Password should be at least 6 characters long!",
  passwordOnlyOnCreate: "The password can only be set when the account is created; use a password reset to change it.",
  emailTaken: "This email address is already in use.",
  usernameTaken: "This username is already in use.",
  cannotDeleteSelf: "You cannot delete your own account.",
  cannotDemoteSelf: "You cannot deactivate your own account or remove your own admin rights.",
  lastAdmin: "At least one active admin must remain.",
  recordDeleted: "Record Deleted",
  resellerSaved: "Successfully Updated Reseller Information!",
  dataSaved: "Successfully saved data!",
  domainExists: "Domain exists",
  domainInvalid: "Please enter a valid domain name.",
  extensionInvalid: "The extension may contain only digits, letters and * # + _ . -",
  lockedOnEdit: "The extension and the tenant cannot be changed when editing a domain.",
  allFieldsRequired: "All Fields are mandatory!",
  limitWholeNumber: "Limits must be whole numbers of 0 or more.",
  templateNameBodyRequired: "Template name and body are mandatory",
  templateNameSubjectBodyRequired: "Template name, subject and body are mandatory",
  templateNameTaken: "A template with this name already exists.",
  templateNameLocked: "The template name cannot be changed while editing.",
  templateAddNotAllowed: "You are not allowed to add email template",
  templateUpdateNotAllowed: "You are not allowed to update email template",
  templateDeleteNotAllowed: "You are not allowed to delete email template",
  templateDeleted: "Successfully Deleted Template",
  // system logs (issue #7)
  logsUnavailable: "Unable to get the data",
  logsMessageInvalid: "The message filter is not valid URI-encoded text.",
  logsWindowInvalid: "The start of the time window must not be after its end.",
  templateSaved: "Successfully saved email template",
  templateDeleteFailed: "Failed to delete email template",
  templateSaveFailed: "Failed to save email template",
  generatedPasswordWarning: "Please remember this password!",
  // tenants, extensions, app accounts, jobs (issue #4)
  tenantIdInvalid: "The tenant id may contain only letters, digits and . _ -",
  tenantExists: "A tenant with this id already exists.",
  platformCannotWrite: "The telephony platform does not allow this change from the portal.",
  platformUnavailable: 'The telephony platform is not reachable right now. Try again later.',
  mediaServerUnavailable: "The media server (rtpengine) does not answer, so listening in is not possible right now. Try again later.",
  callSettingsNotApplied: "The SIP server did not confirm these settings, so nothing was changed. Try again later.",
  settingsNeedMediaServer: "This telephony platform has no media server: these settings cannot take effect here, so they cannot be changed.",
  settingsNoCallGroups: "This telephony platform has no call groups: membership cannot take effect here, so it cannot be changed.",
  settingsNeedSipControl: "The portal is not connected to the SIP server's control interface: these settings cannot take effect here, so they cannot be changed.",
  platformRefused: 'The telephony platform refused the change: {{detail}}',
  sipAccountTaken: 'This SIP account is already used by another tenant.',
  extensionExists: "This extension already exists in this tenant.",
  extensionNotFound: "This extension does not exist in this tenant.",
  domainNotInTenant: "This domain does not belong to the tenant.",
  mobileLimitReached: "The mobile app licence limit of this tenant is {{limit}}; {{used}} are in use.",
  desktopLimitReached: "The desktop app licence limit of this tenant is {{limit}}; {{used}} are in use.",
  mobileLimitTenant: "The mobile app licence limit of this tenant is {{limit}}; turning it on for the whole tenant needs {{needed}}.",
  desktopLimitTenant: "The desktop app licence limit of this tenant is {{limit}}; turning it on for the whole tenant needs {{needed}}.",
  linkFieldsRequired: "All fields are mandatory to link!",
  extensionNotSelected: "Extension not selected properly",
  userLinked: "User Successfully Linked!",
  emailBelongsToOther: "This email already belongs to another app account.",
  // issue #13: mail and linking rules
  linkPinRule: "The PIN must have at least {{min}} digits, digits only.",
  ccInvalid: "The Cc address {{address}} is not a valid email address.",
  ccNotAllowed: "The Cc address {{address}} is not known in your tenants. Copies can only go to users and extensions you manage.",
  ccTooMany: "At most {{max}} Cc addresses are allowed.",
  tooManyEmails: "Too many emails were sent. Please try again in {{minutes}} minutes.",
  linkedEmailLocked: "The email of a linked user can only be changed after un-linking.",
  emailFieldsRequired: "To, Subject and Body are mandatory fields to send an email!",
  userHasNoEmail: "You cannot send QR link to this user as it has no email. Please add it from other portal",
  noUserSelected: "No user with email selected! Please select users first, from checkboxes at the left.",
  emailSendFailed: "Unable to send an email to {{extension}}",
  emailsQueued: "The emails are being sent.",
  passwordPlaceholder: "Use the password you were given, or choose a new one with the Forgot Password link on the QR code page.",
  selectUsersFirst: "Please select the users first!",
  relinkUserNoEmail: "One of the selected users has no email attached. Please choose users who have valid emails!",
  relinkStarted: "Relinking the selected users; the progress is shown below.",
  relinkEmailSubject: "Your app account was renewed",
  relinkEmailText: "Hello {{name}},\n\nYour app account {{username}} was re-created. Choose a new password with the Forgot Password link on this page, then scan the QR code to sign in:\n\n{{link}}",
  // invitations (issue #14)
  inviteTemplateRequired: "Please choose an email template for the invitation.",
  inviteNotLinked: "This extension has no app account yet. Link it first, then send the invitation.",
  inviteRevoked: "This app was revoked. Issue a new activation QR code first, then send the invitation.",
  inviteOverLicence: "This extension is beyond the tenant's app licences, so no invitation was sent.",
  inviteNobody: "Every linked extension with an email has already provisioned its app: nobody to invite.",
  inviteResent: "The invitation is being sent again.",
  inviteAllStarted: "Inviting every extension not yet provisioned; the progress is shown below.",
  syncStarted: "Sync started; the progress is shown below.",
  importInvalidFormat: "Invalid Format",
  importStarted: "Importing; the progress is shown below.",
  importDuplicateRow: "This extension appears more than once in the file.",
  importLinkedReadOnly: "Linked cannot be changed by import; use Email QR or the un-link toggle.",
  importTenantRequired: "Every row needs the tenant (tenantid).",
  importAdminOnly: "Line {{row}} (extension {{extension}}): only an administrator can add extensions or change Admin or Site Name, by import as by hand.",
  importBusy: "An import of yours is still being checked or applied. Please try again in {{seconds}} seconds.",
  tooManyImports: "Too many imports. Please try again in {{minutes}} minutes.",
  // client profiles, BLF keys, provisioning (issue #5)
  expiresMax: "Expires value can not be greater than 999",
  fieldWholeNumber: "{{field}} must be a whole number.",
  fieldRange: "{{field}} must be between {{min}} and {{max}}.",
  flagInvalid: "{{field}} must be 1 (yes) or 0 (no).",
  optionInvalid: "{{field}} is not one of the allowed values.",
  listInvalid: "{{field}} may only contain allowed values, each once.",
  profileDomainNeedsTenant: "Choose the tenant of this domain first.",
  rtpRangeOrder: "The RTP port range must not start above its end.",
  outboundProxyHostRequired: "Enter the outbound proxy host, or turn the outbound proxy off.",
  forwardingNumberRequired: "Enter the forwarding number, or turn forwarding off.",
  profileNotFound: "This client profile does not exist.",
  profileDefaultTaken: "The profile \"{{name}}\" is already the default profile of this cloud.",
  profileTenantTaken: "The profile \"{{name}}\" already applies to tenant {{tenant}}.",
  profileDomainTaken: "The profile \"{{name}}\" already applies to domain {{domain}}.",
  blfTargetNotInTenant: "Extension {{target}} is not an extension of this tenant.",
  blfTargetSelf: "A subscriber cannot watch its own extension.",
  blfDuplicate: "Extension {{target}} is already on a key.",
  blfSaved: "BLF keys saved.",
  provisionMissing: "cloud_id, cloud_username and cloud_password are required.",
  // end-user pages (issue #6)
  appResetLinkSent: "Please Follow the link emailed to reset the password!",
  invalidPassword: "Invalid Password!",
  mustChangePassword: "Please choose a new password before signing in.",
  qrGrantInvalid: "Please enter your password again to email the QR code.",
  qrEmailSubject: "Your softphone QR code",
  qrEmailText: "Hello,\n\nScan the QR code in this email with the app to sign in as {{username}}. Keep it private: it holds your app's activation code.",
  qrEmailSent: "Successfully sent email",
  tooManyQrEmails: "Too many QR emails. Please try again in {{minutes}} minutes.",
  directoryMissing: "cloud_username and cloud_password are required.",
  linphoneLinkInvalid: "This Linphone link is not valid. Sign in on the QR page again for a new one.",
  linphoneGrantInvalid: "Please enter your password again to show the Linphone QR code.",
  linphoneUnavailable: "Linphone set-up is not available on this platform.",
  tooManyLinphoneLinks: "Too many Linphone QR codes. Please try again in {{minutes}} minutes.",
  groupCallsNotAllowed: "Only admin extensions can see the group calls.",
  noRecordFound: "No record found",
  appSessionRequired: "Please sign in with your app account again.",
  settingsTabUnknown: "This settings page does not exist.",
  phoneNumberInvalid: "Please enter a valid phone number (digits, +, * and # only).",
  forwardNumberRequired: "Please enter the number to forward calls to.",
  scheduleInvalid: "Each schedule needs a name, at least one day, and a start time before its end time.",
  voicemailPinInvalid: "The voicemail PIN must be 4 to 10 digits.",
  voicemailEmailRequired: "Please enter the email address for voicemail notifications.",
  callGroupUnknown: "There is no call group named {{group}}.",
  settingsReadOnly: "These settings are managed by your administrator.",
  monitorLimitReached: "This tenant's Call Monitor licence allows {{limit}} listener(s) at a time; all are in use.",
  callNotActive: "This call is not active any more.",
  monitorNotAllowed: "Listening to calls needs an administrator or reseller account.",
  sdpInvalid: "The SDP offer is not valid.",
  listenStopped: "Listening stopped.",
  // per-app activation credentials (issue #14)
  appNotLinked: "This extension has no app account.",
  appRevoked: "The app was revoked: it can no longer fetch its account, and the user's password no longer provisions it.",
  activationRotated: "A new activation QR code was issued. The previous one stops working in {{minutes}} minutes.",
  activationRotatedMailed: "A new activation QR code was emailed to {{email}}. The previous one stops working in {{minutes}} minutes.",
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

/** English, the fallback: always bundled by the web app; the other catalogues live in ./catalogues/. */
export const englishMessages: Catalogue = en;

export const messages: Record<Language, Catalogue> = { en, es, pt, fr };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** Fills {{name}} placeholders; used by the server (the web uses i18next, which reads the same syntax). */
export function formatMessage(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = messages[lang][key] ?? messages.en[key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}

/** Picks the first supported language from an Accept-Language header. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}
