/** Who may call an endpoint that browsers could be tricked into reaching (DNS rebinding). */
export interface OriginPolicy {
  /** Host names without port, lower-case, IPv6 without brackets. */
  allowedHosts: string[];
  /** Extra browser origins (`https://app.example.com`). */
  allowedOrigins: string[];
}

const hostnameOf = (hostAndPort: string): string | null => {
  try {
    return new URL(`http://${hostAndPort}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Why a request may not reach the endpoint, or null: its Host must be an allowed host name (a
 * rebound DNS name carries the attacker's), and an Origin, when a browser sends one, must be an
 * allowed origin or one on an allowed host.
 */
export function originProblem(
  policy: OriginPolicy,
  host: string | undefined,
  origin: string | undefined,
): string | null {
  const hostname = host ? hostnameOf(host) : null;
  if (!hostname || !policy.allowedHosts.includes(hostname)) {
    return `Host ${host ?? '(none)'} is not allowed here: add its name to SERVICE_MCP_ALLOWED_HOSTS or set SERVICE_PUBLIC_URL`;
  }
  if (origin === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    url = null;
  }
  if (url && /^https?:$/.test(url.protocol)) {
    if (policy.allowedOrigins.includes(url.origin)) return null;
    if (policy.allowedHosts.includes(url.hostname.replace(/^\[|\]$/g, '').toLowerCase())) return null;
  }
  return `Origin ${origin} is not allowed here: add it to SERVICE_MCP_ALLOWED_ORIGINS`;
}
