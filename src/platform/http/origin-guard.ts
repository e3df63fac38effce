/** Who may call an endpoint that browsers could be tricked into reaching (DNS rebinding). */
export interface OriginPolicy {
  /** Host names without port, lower-case, IPv6 without brackets. */
  allowedHosts: string[];
  /** Extra browser origins (`https://app.example.com`). */
  allowedOrigins: string[];
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`, nothing else (no userinfo, no path). */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i;

/** A Host header's name, lower-case, IPv6 without brackets; null when it is not a plain host. */
const hostnameOf = (hostAndPort: string): string | null => {
  const [, v6, name] = HOST_HEADER.exec(hostAndPort) ?? [];
  return (v6 ?? name)?.toLowerCase() ?? null;
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
    if (policy.allowedHosts.includes(hostnameOf(url.host) ?? '')) return null;
  }
  return `Origin ${origin} is not allowed here: add it to SERVICE_MCP_ALLOWED_ORIGINS`;
}
