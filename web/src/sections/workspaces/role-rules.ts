/** What the server's role rules are, said once where a refusal may need it. */
export const ROLE_RULES =
  'Nobody grants, changes or removes a role above their own, and a workspace always keeps an owner. A workspace owner or admin is maintainer of every project in it.';
