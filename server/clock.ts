/** Time source; tests pass a ManualClock to move sessions, settlement and AutoPay forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number): void {
    this.current += minutes * 60_000;
  }
  advanceDays(days: number): void {
    this.advanceMinutes(days * 24 * 60);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
