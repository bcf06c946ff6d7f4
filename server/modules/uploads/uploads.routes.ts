import multipart from "@fastify/multipart";
import { ErrorResponseSchema } from "@shared/api/errors";
import { MAX_UPLOAD_BYTES, UploadResponseSchema } from "@shared/api/items";
import { IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from "@shared/images";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/app-error";
import { sendImage } from "../../lib/send-image";
import { requireUser } from "../../plugins/auth";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { BUCKETS } from "../../plugins/storage";
import { chooseFormat, findUpload, readSingleFile, readVariant, storeImage } from "./uploads.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The old resize parameters; copies are now asked for by name. */
const RESIZE_PARAMETERS = ["width", "height", "resize", "quality", "format"];
const VARIANT_ONLY = `This image is served as uploaded, or resized only as ${IMAGE_VARIANT_NAMES.map(
  (name) => `?variant=${name} (${IMAGE_VARIANTS[name].width}x${IMAGE_VARIANTS[name].height})`,
).join(", ")}.`;

const FileQuerySchema = z
  .looseObject({ variant: z.enum(IMAGE_VARIANT_NAMES, { error: VARIANT_ONLY }).optional() })
  .refine((query) => !RESIZE_PARAMETERS.some((name) => name in query), { error: VARIANT_ONLY });

const YEAR_SECONDS = 31_536_000;
/** Short enough that a changed S3_PUBLIC_URL takes over within a day. */
const REDIRECT_SECONDS = 86_400;

export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  });

  const uploadPaths = {
    images: "/uploads/images",
    profiles: "/uploads/profile-photo",
    chats: "/uploads/chat-photo",
  } as const;
  const uploadSummaries = {
    images: "Upload an item image (multipart field 'file'); it is re-encoded and stored",
    profiles:
      "Upload one's profile photo (multipart field 'file'); stored as profile-{uid}-{timestamp}-{random}",
    chats:
      "Upload a photo to send in a conversation (multipart field 'file'); re-encoded and stored privately: only the members of a chat it is sent in are served it",
  } as const;
  for (const bucket of ["images", "profiles", "chats"] as const) {
    app.post(uploadPaths[bucket], {
      config: { access: "user" },
      schema: {
        tags: ["uploads"],
        summary: uploadSummaries[bucket],
        consumes: ["multipart/form-data"],
        response: { 201: UploadResponseSchema, ...errors },
      },
      handler: async (request, reply) => {
        const user = requireUser(request);
        await countAttempt(ctx, "upload", user.id);
        const file = await readSingleFile(request);
        const stored = await storeImage(ctx, {
          bucket,
          ownerId: user.id,
          originalName: file.filename,
          data: file.data,
        });
        return reply.code(201).send(stored);
      },
    });
  }

  app.get("/files/:bucket/:key", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["uploads"],
      summary:
        "A stored image (or a redirect to the bucket when S3_PUBLIC_URL serves it); ?variant=thumb, detail or avatar returns that resized copy",
      params: z.object({
        bucket: z.enum(BUCKETS),
        key: z
          .string()
          .regex(/^[\w.-]+$/)
          .max(200),
      }),
      querystring: FileQuerySchema,
    },
    handler: async (request, reply) => {
      const { bucket, key } = request.params;
      const { variant } = request.query;
      const upload = await findUpload(ctx.db, bucket, key);
      if (!upload) throw notFound("Image not found.");
      const directUrl = variant ? undefined : ctx.storage.publicUrl?.(bucket, key);
      if (directUrl) {
        // The bucket serves originals itself; resized copies are still made and cached here.
        return reply.header("cache-control", `public, max-age=${REDIRECT_SECONDS}`).redirect(directUrl, 302);
      }
      const file = variant
        ? await readVariant(
            { db: ctx.db, storage: ctx.storage, cacheMegabytes: ctx.config.IMAGE_CACHE_MB },
            { bucket, key, variant, format: chooseFormat(request.headers.accept, upload.contentType) },
          )
        : await ctx.storage.get(bucket, key);
      if (!file) throw notFound("Image not found.");
      if (variant) reply.header("vary", "Accept");
      return sendImage(reply.header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`), file);
    },
  });
};
