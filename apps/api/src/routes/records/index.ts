import type { FastifyInstance } from 'fastify';

export default async function recordsRoutes(_fastify: FastifyInstance) {}
