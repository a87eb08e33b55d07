import type { FastifyInstance } from 'fastify';

export default async function customerRoutes(_fastify: FastifyInstance) {}
