import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ErrorBody, GetProfileDetailsBody, LIMITS, ProfileReply, UpdateProfileFields, UpdateProfileReply } from '@provisio/contract';
import { AppError } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { getProfile, updateProfile } from './profile.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** Reads the multipart form: text fields plus at most one file, limited to 5 MB while streaming. */
async function readForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'unsupportedMediaType');
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 2000 } })) {
    if (part.type === 'file') file = { filename: part.filename, data: await part.toBuffer() };
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, file };
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/getProfileDetails', {
    schema: { tags: ['profile'], summary: "The caller's own profile", body: GetProfileDetailsBody.optional(), response: { 200: ProfileReply, ...errors } },
    handler: (req) => getProfile(deps, req.caller!),
  });

  app.post('/updateProfile', {
    schema: {
      tags: ['profile'],
      summary: "Save the caller's own profile (multipart: type 'text' or 'image', name, email, phone_number, file)",
      consumes: ['multipart/form-data'],
      response: { 200: UpdateProfileReply, ...errors },
    },
    handler: async (req) => {
      const { fields, file } = await readForm(req);
      const parsed = UpdateProfileFields.safeParse(fields);
      if (!parsed.success) {
        const unknown = parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
        if (unknown.length) throw new AppError('validation_failed', 'fieldUnknown', { field: unknown.join(', ') });
        throw new AppError('validation_failed', 'missingData');
      }
      let image: { contentType: string; data: Buffer } | undefined;
      if (parsed.data.type === 'image') {
        if (!file) throw new AppError('validation_failed', 'missingData');
        image = checkImage(file.filename, file.data);
      }
      const profile = await updateProfile(deps, req.caller!, parsed.data, image);
      return { url: profile.url, profile };
    },
  });
};

