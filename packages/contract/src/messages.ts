/**
 * The one catalogue of messages that both the server (error bodies, emails) and the web app (toasts, inline
 * validation) show. English is the spec's wording with its spelling mended (see docs/spec-deviations.md).
 * Placeholders use i18next's {{name}} syntax so the web can load this object as an i18next namespace.
 */
export const LANGUAGES = ['en', 'es', 'pt', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

const en = {
  // generic request errors
  badRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This content type is not accepted here.',
  payloadTooLarge: 'The request is too large.',
  validationFailed: 'Some fields are missing or not valid.',
  fieldRequired: '{{field}} is required.',
  fieldType: '{{field}} must be a {{expected}}.',
  fieldTooShort: '{{field}} must be at least {{min}} characters long.',
  fieldTooLong: '{{field}} must be at most {{max}} characters long.',
  fieldTooSmall: '{{field}} must be at least {{min}}.',
  fieldTooBig: '{{field}} must be at most {{max}}.',
  fieldInvalid: '{{field}} is not valid.',
  fieldUnknown: '{{field}} is not an accepted field.',
  notFound: 'Not found.',
  routeNotFound: 'There is no such call.',
  internalError: 'Something went wrong on our side. The error was logged; please try again.',
  serviceUnavailable: 'The service is not available right now. Please try again shortly.',
  // sessions and roles
  invalidCredentials: 'Invalid Credentials',
  notSignedIn: 'You are not signed in, or your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
  tooManyResetRequests: 'Too many reset requests. Please try again in {{minutes}} minutes.',
  loggedOut: 'You have been signed out.',
  // passwords
  usernameRequiredForReset: 'Username is mandatory to reset Password',
  resetEmailSent: 'We have sent you an email to reset your password!',
  resetEmailFailed: 'Failed to send reset email!',
  fillBothFields: 'Please fill both fields',
  adminPasswordMin: 'New Password should be at least 6 characters long!',
  appPasswordMin: 'New Password should be at least 8 characters long!',
  passwordMaxLength: 'Password should be at most 100 characters long!',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordResetDone: 'Password has been reset successfully!',
  resetLinkInvalid: 'This reset link is not valid. Please ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Please ask for a new one.',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one.',
  wrongPassword: 'Wrong Password',
  passwordUpdated: 'Successfully Updated Password',
  strengthMinChars: 'Minimum number of characters are 8',
  strengthMaxChars: 'Maximum number of characters are 100',
  passwordWeak: 'Password is weak',
  // profile
  missingData: 'Missing data',
  profileUpdated: 'Successfully Updated User Information!',
  imageTooBig: 'The file size is too big (at most 5 MB).',
  imageTypeNotAllowed: 'Only .jpg, .gif, .png and .svg images are accepted.',
  imageContentMismatch: 'The file is not a valid {{type}} image.',
  svgUnsafe: 'This SVG image contains scripts or external content and was refused.',
  oneImageOnly: 'Please upload one image only.',
  // emails
  resetEmailSubject: 'Reset your password',
  resetEmailText:
    'Hello {{name}},\n\nSomeone asked to reset the password of your account "{{username}}". Open this link within {{minutes}} minutes to choose a new password:\n\n{{link}}\n\nIf you did not ask for this, you can ignore this email; your password stays as it is.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

const es: Catalogue = {
  badRequest: 'La solicitud no es válida.',
  malformedJson: 'El cuerpo de la solicitud no es JSON válido.',
  unsupportedMediaType: 'Este tipo de contenido no se acepta aquí.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  validationFailed: 'Faltan campos o no son válidos.',
  fieldRequired: '{{field}} es obligatorio.',
  fieldType: '{{field}} debe ser de tipo {{expected}}.',
  fieldTooShort: '{{field}} debe tener al menos {{min}} caracteres.',
  fieldTooLong: '{{field}} debe tener como máximo {{max}} caracteres.',
  fieldTooSmall: '{{field}} debe ser como mínimo {{min}}.',
  fieldTooBig: '{{field}} debe ser como máximo {{max}}.',
  fieldInvalid: '{{field}} no es válido.',
  fieldUnknown: '{{field}} no es un campo aceptado.',
  notFound: 'No encontrado.',
  routeNotFound: 'No existe esa llamada.',
  internalError: 'Algo salió mal por nuestra parte. El error quedó registrado; inténtelo de nuevo.',
  serviceUnavailable: 'El servicio no está disponible ahora. Inténtelo de nuevo en breve.',
  invalidCredentials: 'Credenciales no válidas',
  notSignedIn: 'No ha iniciado sesión o su sesión ha terminado. Inicie sesión de nuevo.',
  forbidden: 'No tiene permiso para hacer esto.',
  tooManyAttempts: 'Demasiados intentos fallidos. Inténtelo de nuevo dentro de {{minutes}} minutos.',
  tooManyResetRequests: 'Demasiadas solicitudes de restablecimiento. Inténtelo de nuevo dentro de {{minutes}} minutos.',
  loggedOut: 'Ha cerrado la sesión.',
  usernameRequiredForReset: 'El nombre de usuario es obligatorio para restablecer la contraseña',
  resetEmailSent: '¡Le hemos enviado un correo para restablecer su contraseña!',
  resetEmailFailed: '¡No se pudo enviar el correo de restablecimiento!',
  fillBothFields: 'Complete ambos campos',
  adminPasswordMin: '¡La nueva contraseña debe tener al menos 6 caracteres!',
  appPasswordMin: '¡La nueva contraseña debe tener al menos 8 caracteres!',
  passwordMaxLength: '¡La contraseña debe tener como máximo 100 caracteres!',
  passwordsDoNotMatch: '¡Las contraseñas no coinciden!',
  passwordResetDone: '¡La contraseña se ha restablecido correctamente!',
  resetLinkInvalid: 'Este enlace de restablecimiento no es válido. Solicite uno nuevo.',
  resetLinkUsed: 'Este enlace de restablecimiento ya se utilizó. Solicite uno nuevo.',
  resetLinkExpired: 'Este enlace de restablecimiento ha caducado. Solicite uno nuevo.',
  wrongPassword: 'Contraseña incorrecta',
  passwordUpdated: 'Contraseña actualizada correctamente',
  strengthMinChars: 'El número mínimo de caracteres es 8',
  strengthMaxChars: 'El número máximo de caracteres es 100',
  passwordWeak: 'La contraseña es débil',
  missingData: 'Faltan datos',
  profileUpdated: '¡Información del usuario actualizada correctamente!',
  imageTooBig: 'El archivo es demasiado grande (máximo 5 MB).',
  imageTypeNotAllowed: 'Solo se aceptan imágenes .jpg, .gif, .png y .svg.',
  imageContentMismatch: 'El archivo no es una imagen {{type}} válida.',
  svgUnsafe: 'Esta imagen SVG contiene scripts o contenido externo y fue rechazada.',
  oneImageOnly: 'Suba una sola imagen.',
  resetEmailSubject: 'Restablezca su contraseña',
  resetEmailText:
    'Hola {{name}}:\n\nAlguien pidió restablecer la contraseña de su cuenta "{{username}}". Abra este enlace en los próximos {{minutes}} minutos para elegir una nueva contraseña:\n\n{{link}}\n\nSi no lo pidió usted, puede ignorar este correo; su contraseña no cambia.',
};

const pt: Catalogue = {
  badRequest: 'O pedido não é válido.',
  malformedJson: 'O corpo do pedido não é JSON válido.',
  unsupportedMediaType: 'Este tipo de conteúdo não é aceito aqui.',
  payloadTooLarge: 'O pedido é grande demais.',
  validationFailed: 'Há campos em falta ou inválidos.',
  fieldRequired: '{{field}} é obrigatório.',
  fieldType: '{{field}} deve ser do tipo {{expected}}.',
  fieldTooShort: '{{field}} deve ter pelo menos {{min}} caracteres.',
  fieldTooLong: '{{field}} deve ter no máximo {{max}} caracteres.',
  fieldTooSmall: '{{field}} deve ser no mínimo {{min}}.',
  fieldTooBig: '{{field}} deve ser no máximo {{max}}.',
  fieldInvalid: '{{field}} não é válido.',
  fieldUnknown: '{{field}} não é um campo aceito.',
  notFound: 'Não encontrado.',
  routeNotFound: 'Essa chamada não existe.',
  internalError: 'Algo deu errado do nosso lado. O erro foi registrado; tente novamente.',
  serviceUnavailable: 'O serviço não está disponível agora. Tente novamente em breve.',
  invalidCredentials: 'Credenciais inválidas',
  notSignedIn: 'Você não está conectado ou sua sessão terminou. Entre novamente.',
  forbidden: 'Você não tem permissão para fazer isso.',
  tooManyAttempts: 'Muitas tentativas falhadas. Tente novamente em {{minutes}} minutos.',
  tooManyResetRequests: 'Muitos pedidos de redefinição. Tente novamente em {{minutes}} minutos.',
  loggedOut: 'Você saiu da sessão.',
  usernameRequiredForReset: 'O nome de usuário é obrigatório para redefinir a senha',
  resetEmailSent: 'Enviamos um e-mail para você redefinir sua senha!',
  resetEmailFailed: 'Não foi possível enviar o e-mail de redefinição!',
  fillBothFields: 'Preencha os dois campos',
  adminPasswordMin: 'A nova senha deve ter pelo menos 6 caracteres!',
  appPasswordMin: 'A nova senha deve ter pelo menos 8 caracteres!',
  passwordMaxLength: 'A senha deve ter no máximo 100 caracteres!',
  passwordsDoNotMatch: 'As senhas não coincidem!',
  passwordResetDone: 'A senha foi redefinida com sucesso!',
  resetLinkInvalid: 'Este link de redefinição não é válido. Peça um novo.',
  resetLinkUsed: 'Este link de redefinição já foi usado. Peça um novo.',
  resetLinkExpired: 'Este link de redefinição expirou. Peça um novo.',
  wrongPassword: 'Senha incorreta',
  passwordUpdated: 'Senha atualizada com sucesso',
  strengthMinChars: 'O número mínimo de caracteres é 8',
  strengthMaxChars: 'O número máximo de caracteres é 100',
  passwordWeak: 'A senha é fraca',
  missingData: 'Dados em falta',
  profileUpdated: 'Informações do usuário atualizadas com sucesso!',
  imageTooBig: 'O arquivo é grande demais (no máximo 5 MB).',
  imageTypeNotAllowed: 'Somente imagens .jpg, .gif, .png e .svg são aceitas.',
  imageContentMismatch: 'O arquivo não é uma imagem {{type}} válida.',
  svgUnsafe: 'Esta imagem SVG contém scripts ou conteúdo externo e foi recusada.',
  oneImageOnly: 'Envie apenas uma imagem.',
  resetEmailSubject: 'Redefina sua senha',
  resetEmailText:
    'Olá {{name}},\n\nAlguém pediu para redefinir a senha da sua conta "{{username}}". Abra este link dentro de {{minutes}} minutos para escolher uma nova senha:\n\n{{link}}\n\nSe não foi você, ignore este e-mail; sua senha continua a mesma.',
};

const fr: Catalogue = {
  badRequest: "La requête n'est pas valide.",
  malformedJson: "Le corps de la requête n'est pas du JSON valide.",
  unsupportedMediaType: "Ce type de contenu n'est pas accepté ici.",
  payloadTooLarge: 'La requête est trop volumineuse.',
  validationFailed: 'Des champs manquent ou ne sont pas valides.',
  fieldRequired: '{{field}} est obligatoire.',
  fieldType: '{{field}} doit être de type {{expected}}.',
  fieldTooShort: '{{field}} doit comporter au moins {{min}} caractères.',
  fieldTooLong: '{{field}} doit comporter au plus {{max}} caractères.',
  fieldTooSmall: '{{field}} doit valoir au moins {{min}}.',
  fieldTooBig: '{{field}} doit valoir au plus {{max}}.',
  fieldInvalid: "{{field}} n'est pas valide.",
  fieldUnknown: "{{field}} n'est pas un champ accepté.",
  notFound: 'Introuvable.',
  routeNotFound: "Cet appel n'existe pas.",
  internalError: "Une erreur s'est produite de notre côté. Elle a été journalisée ; veuillez réessayer.",
  serviceUnavailable: "Le service n'est pas disponible pour le moment. Veuillez réessayer bientôt.",
  invalidCredentials: 'Identifiants invalides',
  notSignedIn: "Vous n'êtes pas connecté ou votre session a expiré. Veuillez vous reconnecter.",
  forbidden: "Vous n'êtes pas autorisé à faire ceci.",
  tooManyAttempts: 'Trop de tentatives échouées. Veuillez réessayer dans {{minutes}} minutes.',
  tooManyResetRequests: 'Trop de demandes de réinitialisation. Veuillez réessayer dans {{minutes}} minutes.',
  loggedOut: 'Vous êtes déconnecté.',
  usernameRequiredForReset: "Le nom d'utilisateur est obligatoire pour réinitialiser le mot de passe",
  resetEmailSent: 'Nous vous avons envoyé un e-mail pour réinitialiser votre mot de passe !',
  resetEmailFailed: "Impossible d'envoyer l'e-mail de réinitialisation !",
  fillBothFields: 'Veuillez remplir les deux champs',
  adminPasswordMin: 'Le nouveau mot de passe doit comporter au moins 6 caractères !',
  appPasswordMin: 'Le nouveau mot de passe doit comporter au moins 8 caractères !',
  passwordMaxLength: 'Le mot de passe doit comporter au plus 100 caractères !',
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas !',
  passwordResetDone: 'Le mot de passe a été réinitialisé avec succès !',
  resetLinkInvalid: "Ce lien de réinitialisation n'est pas valide. Demandez-en un nouveau.",
  resetLinkUsed: 'Ce lien de réinitialisation a déjà été utilisé. Demandez-en un nouveau.',
  resetLinkExpired: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.',
  wrongPassword: 'Mot de passe incorrect',
  passwordUpdated: 'Mot de passe mis à jour avec succès',
  strengthMinChars: 'Le nombre minimum de caractères est 8',
  strengthMaxChars: 'Le nombre maximum de caractères est 100',
  passwordWeak: 'Le mot de passe est faible',
  missingData: 'Données manquantes',
  profileUpdated: "Informations de l'utilisateur mises à jour avec succès !",
  imageTooBig: 'Le fichier est trop volumineux (5 Mo au maximum).',
  imageTypeNotAllowed: 'Seules les images .jpg, .gif, .png et .svg sont acceptées.',
  imageContentMismatch: "Le fichier n'est pas une image {{type}} valide.",
  svgUnsafe: 'Cette image SVG contient des scripts ou du contenu externe et a été refusée.',
  oneImageOnly: 'Veuillez envoyer une seule image.',
  resetEmailSubject: 'Réinitialisez votre mot de passe',
  resetEmailText:
    'Bonjour {{name}},\n\nQuelqu\'un a demandé la réinitialisation du mot de passe de votre compte « {{username}} ». Ouvrez ce lien dans les {{minutes}} minutes pour choisir un nouveau mot de passe :\n\n{{link}}\n\nSi vous n\'êtes pas à l\'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.',
};

export const messages: Record<Language, Catalogue> = { en, es, pt, fr };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** Fills {{name}} placeholders; used by the server (the web uses i18next, which reads the same syntax). */
export function formatMessage(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = messages[lang][key] ?? messages.en[key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}

/** Picks the first supported language from an Accept-Language header. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}
