import type { FastifyInstance } from 'fastify';

export default async function adminRoutes(_fastify: FastifyInstance) {}
