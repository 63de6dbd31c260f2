/** Fixed values shared by the e2e stack and the specs. */
export const E2E = {
  port: 8181,
  baseUrl: 'http://127.0.0.1:8181',
  smtpPort: 25251,
  mailApi: 'http://127.0.0.1:25252/mails',
  adminPassword: 'Admin-e2e-1',
  simpleUser: { username: 'sam.simple', password: 'Simple-e2e-1', company: 'bluebird.example', email: 'sam@bluebird.example' },
  resetUser: { username: 'rosa.reset', password: 'Reset-e2e-1', email: 'rosa@provisio.example' },
  profileUser: { username: 'paula.profile', password: 'Profile-e2e-1', email: 'paula@provisio.example' },
} as const;
