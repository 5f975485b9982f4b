/**
 * Who does something, and on which account: a shared user works on their owner's account, an owner on their own.
 * Services that change an account's data take one, so the change lands on the account and names its author.
 */
export interface Actor {
  /** The person: the creator and audit actor of what they change. */
  id: string;
  /** The account whose data they read and change. */
  accountId: string;
}
