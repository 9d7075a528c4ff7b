// Authenticator codes (TOTP, RFC 6238: 6 digits, 30 s, SHA-1) for staff. Every accepted
// code's time step is stored, so the same code is never accepted twice.
import { generateSecret, generateURI, verify } from "otplib";

export const TOTP_ISSUER = "Candor Console";
/** Accept the previous and the next 30-second step too (clock drift). */
const EPOCH_TOLERANCE_S = 30;

export const newTotpSecret = () => generateSecret();

export const totpUri = (username: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: username, secret });

/** The time step a code belongs to, or null when it is not valid now or not after `afterStep`. */
export async function matchTotpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_S,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
