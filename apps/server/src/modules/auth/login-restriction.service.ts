import { LoginRestrictionConfig, isLoginBlocked, isRestrictionSkippedOnHost } from '@certs/shared/auth/login-restriction';
import type { UserType } from '@certs/shared/auth/roles';
import { AppError } from '../../platform/app-error';

const FETCH_TIMEOUT_MS = 3000;

/**
 * Reads the remote login-restriction file (spec sections 6 and 7). The server enforces it on
 * both login routes and hands it to the login pages, so the rule is one and cannot be bypassed.
 * Any failure to fetch or read it allows login, as the spec says.
 */
export class LoginRestrictionService {
  private cached: { at: number; config: LoginRestrictionConfig | null } | undefined;

  constructor(
    private readonly options: { url?: string; cacheSeconds: number; testHost?: string },
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  get testHost(): string | null {
    return this.options.testHost ?? null;
  }

  async currentConfig(): Promise<LoginRestrictionConfig | null> {
    if (!this.options.url) return null;
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.options.cacheSeconds * 1000) return this.cached.config;
    const config = await this.fetchConfig(this.options.url);
    this.cached = { at: now, config };
    return config;
  }

  /** Throws 403 with the configured message when this sign-in falls inside the window and off the list. */
  async assertLoginAllowed(identifier: string, userType: UserType, hostname: string): Promise<void> {
    if (isRestrictionSkippedOnHost(hostname, this.options.testHost)) return;
    const config = await this.currentConfig();
    if (config && isLoginBlocked(config, identifier, userType)) {
      throw new AppError('FORBIDDEN', config.userMessageOnLogin);
    }
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
