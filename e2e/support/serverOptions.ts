/**
 * The local world's server as the end-to-end run configures it (global-setup.ts). Codes to one
 * address go out at most once per this many seconds: short here, so logins to one address within a
 * test need not wait out the SPEC's 30 s (the server's default, tested in apps/server).
 */
export const e2eEmailCooldownSeconds = 2
