import { CreateUpdateUserBody, LIMITS, type MessageKey } from '@provisio/contract';

export interface UserFormValues {
  name: string;
  email: string;
  username: string;
  password: string;
  user_type: 'admin' | 'simple user';
  active: boolean;
  company: string;
  subscriber_id: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, MessageKey>>;

const shape = CreateUpdateUserBody.shape;

/** Spec §5: name, email and username required; on create a password of at least 6 characters. Catalogue keys. */
export function validateUser(values: UserFormValues, creating: boolean): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.name.trim() === '') errors.name = 'starFieldsRequired';
  if (values.email.trim() === '') errors.email = 'starFieldsRequired';
  else if (!shape.email.safeParse(values.email).success) errors.email = 'emailInvalid';
  if (values.username.trim() === '') errors.username = 'starFieldsRequired';
  else if (!shape.username.safeParse(values.username).success) errors.username = 'usernameInvalid';
  if (creating) {
    if (values.password === '') errors.password = 'userPasswordRequired';
    else if (values.password.length < LIMITS.adminPasswordMin) errors.password = 'accountPasswordMin';
  }
  return errors;
}
