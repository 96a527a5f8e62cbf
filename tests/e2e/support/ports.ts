// Ports of the e2e servers (chosen away from the dev default 3000).
export const APP_PORT = 3200;
export const APP_URL = `http://localhost:${APP_PORT}`; // localhost, never 127.0.0.1 (Auth.js origin)
export const SMTP_PORT = 2526;
export const MAIL_API_PORT = 2527;
