import type { FastifyInstance } from 'fastify';

export default async function documentsRoutes(_fastify: FastifyInstance) {}
