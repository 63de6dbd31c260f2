import { CreateUpdateResellerUserBody, LIMITS, type MessageKey } from '@provisio/contract';

export interface ResellerUserValues {
  name: string;
  email: string;
  password: string;
}

export type ResellerUserErrors = Partial<Record<keyof ResellerUserValues, MessageKey>>;

/**
 * Spec §5 with the server's own schema: name and email required ('Fields with * are mandatory!'); on create a
 * password is required and at least 6 characters long. Returns catalogue keys; empty when the form may be sent.
 */
export function validateResellerUser(values: ResellerUserValues, creating: boolean): ResellerUserErrors {
  const errors: ResellerUserErrors = {};
  if (values.name.trim() === '') errors.name = 'starFieldsRequired';
  if (values.email.trim() === '') errors.email = 'starFieldsRequired';
  else if (!CreateUpdateResellerUserBody.shape.email.safeParse(values.email).success) errors.email = 'emailInvalid';
  if (creating) {
    if (values.password === '') errors.password = 'resellerUserPasswordRequired';
    else if (values.password.length < LIMITS.adminPasswordMin) errors.password = 'accountPasswordMin';
  }
  return errors;
}
