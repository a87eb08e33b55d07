// Issue 11 (H2 screenings, income verification reports, admin decisions): placeholder, filled by the slice's implementation.
import type { FastifyInstance } from 'fastify';

export default async function screeningRoutes(_fastify: FastifyInstance) {}
