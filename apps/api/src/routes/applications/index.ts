// Issue 11 (H1 lease applications, page templates, submit): placeholder, filled by the slice's implementation.
import type { FastifyInstance } from 'fastify';

export default async function applicationRoutes(_fastify: FastifyInstance) {}
