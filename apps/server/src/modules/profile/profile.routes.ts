import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LIMITS, UpdateProfileFields, profileCalls as calls } from '@provisio/contract';
import { callerOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { route } from '../../lib/route';
import { getProfile, updateProfile } from './profile.service';

/** Reads the multipart form: text fields plus at most one file, limited to 5 MB while streaming. */
async function readForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'unsupportedMediaType');
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | undefined;
  for await (const part of req.parts({
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 2000 },
  })) {
    if (part.type === 'file') file = { filename: part.filename, data: await part.toBuffer() };
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, file };
}

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getProfileDetails, (req) => getProfile(deps, callerOf(req)));

  route(
    app,
    calls.updateProfile,
    async (req) => {
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
      const profile = await updateProfile(deps, callerOf(req), parsed.data, image);
      return { url: profile.url, profile };
    },
    { schema: { consumes: ['multipart/form-data'] } },
  );
};
