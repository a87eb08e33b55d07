// Single-use links sent by mail (issue 23 invitations, issue 25 reset and verification links): 32 random bytes as
// base64url, kept only as their SHA-256; and the address a link starts from when the deployment names none.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const newLinkToken = () => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The origin the caller used (links in mail start there when PUBLIC_ORIGIN is not set: services/mail/outbox.ts). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
