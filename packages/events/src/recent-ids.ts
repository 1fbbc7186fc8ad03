/** The last `capacity` ids seen, to recognise one seen again. */
export class RecentIds {
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  private oldest = 0;

  constructor(private readonly capacity: number) {}

  /** True when `id` was seen before; otherwise remembers it. */
  seenBefore(id: string): boolean {
    if (this.seen.has(id)) return true;
    this.seen.add(id);
    this.order.push(id);
    if (this.order.length - this.oldest > this.capacity) {
      this.seen.delete(this.order[this.oldest] as string);
      this.oldest += 1;
      if (this.oldest >= this.capacity) {
        this.order.splice(0, this.oldest);
        this.oldest = 0;
      }
    }
    return false;
  }
}
