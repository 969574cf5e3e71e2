/** The prefix of the load balancer's probes: no tenant, no session, never shed under load. */
export const HEALTH_PATH = '/health';
