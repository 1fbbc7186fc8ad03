import { describeValue } from "../json";
import type { Guarded, Problem, Target } from "../outcome";
import type { FuzzWorld } from "../world";
import { type RestCase, restCaseArbitrary } from "./cases";
import { REST_ROUTES } from "./routes";
import { describeWire, errorShapeProblem, type HttpAnswer, type WireRequest, wireRequest } from "./send";

/**
 * One write route of the bot API as a fuzz target: its cases sent over HTTP; a 5xx, no answer
 * at all, or a refusal out of the spec's error shape is a problem.
 */
export function restTarget(
  key: string,
  deps: { world: FuzzWorld; guarded: Guarded; send(wire: WireRequest): Promise<HttpAnswer> },
): Target<RestCase> {
  const [method, url] = key.split(" ") as [string, string];
  const route = REST_ROUTES[key]!;
  return {
    key,
    arbitrary: restCaseArbitrary(url, route),
    describe: (testCase) => describeValue(testCase, 1500),
    run: (testCase) =>
      deps.guarded(async () => {
        const wire = wireRequest(method, url, testCase, deps.world.resolve, deps.world.token);
        const answer = await deps.send(wire);
        const problems: Problem[] = [];
        if (answer.status >= 500) problems.push({ kind: "5xx", detail: `answered ${answer.status}` });
        else if (answer.status === 0) problems.push({ kind: "no answer", detail: answer.body });
        else if (answer.status >= 400) {
          const shape = errorShapeProblem(answer, route.login === true);
          if (shape) problems.push({ kind: "error shape", detail: `${answer.status}: ${shape}` });
        }
        // -1: Node would not send it (nothing reached the server): neither accepted nor refused by it.
        return {
          status: answer.status,
          accepted: answer.status > 0 && answer.status < 400,
          problems,
          request: describeWire(wire),
          response: describeValue(answer.body, 600),
        };
      }),
  };
}
