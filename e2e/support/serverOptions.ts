/**
 * The local world's server as the end-to-end run configures it (global-setup.ts). Codes to one
 * address go out at most once per this many seconds: short here, so logins to one address within a
 * test need not wait out the SPEC's 30 s (the server's default, tested in apps/server).
 */
export const e2eEmailCooldownSeconds = 2

/**
 * Every visitor of the end-to-end run comes from 127.0.0.1, so beyond the server's few free email
 * logins per network each login solves the proof of work. At the default 16 bits (65 000 hashes on
 * average, and several times that for an unlucky challenge) a loaded runner's browser can take
 * longer than a test waits for its code mail; 12 bits keep the same round trip 16 times cheaper.
 * The default is tested in apps/server and packages/frame.
 */
export const e2eLoginProofOfWorkBits = 12
