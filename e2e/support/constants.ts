/** The app's port; E2E_PORT lets two runs side by side use their own stack (SMTP and mail API use +17070/+17071). */
const port = Number(process.env.E2E_PORT ?? 8181);

/** Fixed values shared by the e2e stack and the specs. */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  smtpPort: port + 17070,
  mailApi: `http://127.0.0.1:${port + 17071}/mails`,
  /** The mail catcher refuses recipients at this domain (a failed delivery the server logs). */
  bounceDomain: 'bounce.e2e.example',
  adminPassword: 'Admin-e2e-1',
  simpleUser: {
    username: 'sam.simple',
    password: 'Simple-e2e-1',
    company: 'bluebird.example',
    email: 'sam@bluebird.example',
  },
  resetUser: { username: 'rosa.reset', password: 'Reset-e2e-1', email: 'rosa@provisio.example' },
  profileUser: { username: 'paula.profile', password: 'Profile-e2e-1', email: 'paula@provisio.example' },
} as const;
