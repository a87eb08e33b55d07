import type { FastifyInstance } from 'fastify';

export default async function broadcastRoutes(_fastify: FastifyInstance) {}
