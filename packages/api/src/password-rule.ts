import { checkPasswordStrength } from "@chat/auth/password-strength";
import { Errors } from "@chat/domain";

/**
 * Every new password (sign-up, password change) passes this rule: zxcvbn's score and no
 * username inside (@chat/auth). A refusal is a 50035 on the password field (`field`) carrying the
 * library's warning and suggestions, which the forms show by the password input.
 */
export async function requireStrongPassword(password: string, userInputs: string[], field = "password"): Promise<void> {
  const strength = await checkPasswordStrength(password, userInputs);
  if (!strength.ok)
    throw Errors.invalidForm({ [field]: { _errors: [{ code: "PASSWORD_TOO_WEAK", message: strength.message }] } });
}
