import { isDatabaseUnreachable, OutageLog } from "@chat/db";

/**
 * Work done by time rather than by a request (spec: a thread archives after a week without
 * messages; scheduled events start, end, are cancelled and move to their next occurrence).
 * Every node runs it on an interval, so each task must be safe to run on several nodes at
 * once: change a row with a conditional update and emit only when this node's update won.
 */
export interface HousekeepingTask {
  name: string;
  run(): Promise<void>;
}

export class HousekeepingService {
  private readonly outage = new OutageLog("housekeeping");

  constructor(private readonly tasks: HousekeepingTask[]) {}

  /**
   * Runs every task once; one failing task does not stop the others. While the database cannot
   * be reached the tasks wait for the next run (logged now and then, not per task).
   */
  async run(): Promise<void> {
    for (const task of this.tasks) {
      try {
        await task.run();
      } catch (error) {
        if (isDatabaseUnreachable(error)) this.outage.failed(error);
        else console.error(`housekeeping task ${task.name} failed`, error);
      }
    }
  }
}
