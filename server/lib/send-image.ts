import type { FastifyReply } from "fastify";
import type { StoredFile } from "../plugins/storage";

/** Answers a stored image to be shown in the page (not downloaded); its caching is the route's. */
export function sendImage(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", "inline")
    .send(file.data);
}
