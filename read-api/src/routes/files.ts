import { Type } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import multer from 'multer';
import { fileDecider } from '@relaycast/billing-core';
import {
  AppError,
  FileRemove,
  FileListQuery,
  NotFoundError,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
  ValidationError,
  FileView,
  PageMeta,
  RemovedView,
} from '@relaycast/contracts';
import { authorize, commandMetadata, defineRoute, pageAnswer } from '../http/route.js';
import type { Runtime } from '../runtime.js';

async function fileOr404(rt: Runtime, id: string): Promise<FileView> {
  const file = await rt.readSide.queries.getFile(id);
  if (!file) throw new NotFoundError('File not found');
  return file;
}

export const fileRoutes = [
  defineRoute({
    path: '/admin/files/remove',
    answer: RemovedView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Files',
    summary: 'Remove an uploaded file (the event is kept; the bytes are deleted)',
    body: FileRemove,
    async handle({ body, rt, meta }) {
      const file = await fileOr404(rt, body._id);
      await rt.execute(fileDecider, file._id, { type: 'RemoveFile', data: {}, metadata: meta() });
      await rt.files.remove(file.storageKey);
      return { data: { _id: file._id, removed: true } };
    },
  }),
  defineRoute({
    path: '/admin/files/getAll',
    answer: Type.Array(FileView),
    answerMeta: PageMeta,
    query: true,
    access: 'admin',
    tag: 'Files',
    summary: 'List uploaded files',
    body: FileListQuery,
    async handle({ body, rt }) {
      const page = await rt.readSide.queries.listFiles(body);
      return pageAnswer(page);
    },
  }),
];

const ALLOWED = new Set<string>(UPLOAD_MIME_TYPES);

/**
 * /admin/files/upload (multipart, field "file", one file up to UPLOAD_MAX_BYTES of an allowed type) and the public
 * download path GET /files/:id/:name. SVG and other active types are served sandboxed, never as a page.
 */
export function mountFileTransfer(router: Router, rt: Runtime): void {
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as UTF-8 without saying so; busboy's default (latin1) garbles every non-ASCII name.
    defParamCharset: 'utf8',
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
    fileFilter: (_req, file, accept) => {
      if (ALLOWED.has(file.mimetype)) return accept(null, true);
      accept(new AppError('UNSUPPORTED_MEDIA_TYPE', `file type ${file.mimetype} is not accepted; allowed: ${[...ALLOWED].join(', ')}`));
    },
  });

  router.post(
    '/admin/files/upload',
    (req, _res, next) => {
      authorize('admin', req.auth.user);
      if (!req.is('multipart/form-data')) return next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file"'));
      next();
    },
    (req, res, next) =>
      // A body busboy cannot read (cut short, no boundary, bad headers) is the client's: 400 naming the field.
      upload.single('file')(req, res, (error?: unknown) => {
        const ours = error instanceof AppError || (typeof (error as { code?: unknown })?.code === 'string' && String((error as { code: string }).code).startsWith('LIMIT_'));
        next(error && !ours ? ValidationError.field('file', 'the upload is not valid multipart/form-data: send the file in the field "file"') : error);
      }),
    async (req, res) => {
      const file = req.file;
      if (!file) throw ValidationError.field('file', 'is required');
      const originalName = file.originalname.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 255) || 'file';
      const stored = await rt.files.save(file.buffer);
      const fileId = randomUUID();
      try {
        await rt.execute(fileDecider, fileId, {
          type: 'RecordFileUpload',
          data: { fileId, originalName, mimeType: file.mimetype, size: stored.size, sha256: stored.sha256, storageKey: stored.storageKey },
          metadata: commandMetadata(req),
        });
      } catch (error) {
        // No event, no file: the bytes go too.
        await rt.files.remove(stored.storageKey);
        throw error;
      }
      res.status(201).json({ data: await fileOr404(rt, fileId) });
    },
  );

  router.get('/files/:id/:name', async (req, res) => {
    const file = await fileOr404(rt, req.params.id!);
    const opened = await rt.files.open(file.storageKey);
    if (!opened) throw new NotFoundError('File not found');
    res.setHeader('Content-Type', file.mimeType);
    res.setHeader('Content-Length', String(opened.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    if (!file.mimeType.startsWith('image/') || file.mimeType === 'image/svg+xml') {
      res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`);
    }
    opened.stream.pipe(res);
  });
}
