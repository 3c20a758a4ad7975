import { LoginRestrictionConfig, isLoginBlocked } from '@certs/shared/auth/login-restriction';
import type { LoginRestrictionCheckResponse } from '@certs/shared/auth/auth.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { AppError } from '../../platform/app-error';

const FETCH_TIMEOUT_MS = 3000;

/**
 * Reads the remote login-restriction file (spec sections 6 and 7). The server enforces it on
 * both login routes and answers the login pages' check, so the rule is one and cannot be
 * bypassed. Any failure to fetch or read it allows login, as the spec says.
 */
export class LoginRestrictionService {
  private cached: { at: number; config: LoginRestrictionConfig | null } | undefined;

  constructor(
    private readonly options: {
      url?: string;
      cacheSeconds: number;
      /** Decided from configuration (the public address is localhost or the test host), never from request headers. */
      isSkipped: boolean;
    },
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async check(identifier: string, userType: UserType): Promise<LoginRestrictionCheckResponse> {
    if (this.options.isSkipped) return { isBlocked: false, message: null };
    const config = await this.currentConfig();
    return config && isLoginBlocked(config, identifier, userType)
      ? { isBlocked: true, message: config.userMessageOnLogin }
      : { isBlocked: false, message: null };
  }

  /** Throws 403 with the configured message when this sign-in falls inside the window and off the list. */
  async assertLoginAllowed(identifier: string, userType: UserType): Promise<void> {
    const result = await this.check(identifier, userType);
    if (result.isBlocked) throw new AppError('FORBIDDEN', result.message ?? 'Login is restricted at this time.');
  }

  private async currentConfig(): Promise<LoginRestrictionConfig | null> {
    if (!this.options.url) return null;
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.options.cacheSeconds * 1000) return this.cached.config;
    const config = await this.fetchConfig(this.options.url);
    this.cached = { at: now, config };
    return config;
  }

  private async fetchConfig(url: string): Promise<LoginRestrictionConfig | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const parsed = LoginRestrictionConfig.safeParse(await response.json());
      if (!parsed.success) throw new Error('unreadable login restriction file');
      return parsed.data;
    } catch (error) {
      this.log.warn({ err: error, url }, 'login restriction not available; login allowed');
      return null;
    }
  }
}
