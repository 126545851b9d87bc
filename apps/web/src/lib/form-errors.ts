import { isApiError } from './api/client';
import { errorMessage } from './errors';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field from a zod result's issues; issues about other fields are left out. */
export function issuesToFieldErrors<F extends string>(issues: readonly Issue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A refusal from the API split for a form: messages the API tied to one of the form's
 * fields go beside that field; anything else is shown once, above the submit button.
 */
export function apiFormErrors<F extends string>(error: unknown, fields: readonly F[]): { fields: FieldErrors<F>; general: string | null } {
  if (!error) return { fields: {}, general: null };
  const details = isApiError(error) ? (error.details ?? []) : [];
  const mapped = issuesToFieldErrors(
    details.map((detail) => ({ path: detail.path.split('.'), message: detail.message })),
    fields,
  );
  return { fields: mapped, general: Object.keys(mapped).length > 0 ? null : errorMessage(error) };
}
