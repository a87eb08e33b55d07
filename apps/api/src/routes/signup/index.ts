// Issue 11 (H3 public sign-up, onboarding pages, property search, integration, self sign-up lease): placeholder, filled by the slice's implementation.
import type { FastifyInstance } from 'fastify';

export default async function signupRoutes(_fastify: FastifyInstance) {}
