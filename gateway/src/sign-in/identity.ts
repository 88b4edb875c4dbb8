/** Who an outside service says the visitor is: the id to bind, and what a new account starts with. */
export interface ExternalIdentity {
  id: string;
  displayName: string;
  email: string;
}
