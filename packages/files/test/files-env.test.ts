import { describe, expect, it } from "vitest";
import { readFilesEnv } from "../src/files-env";

/** packages/files/src/files-env.ts: where files are kept, as configured. */
describe("the file store's configuration", () => {
  it("keeps files under DATA_DIR/files unless FILES_S3_BUCKET names a bucket", () => {
    expect(readFilesEnv({ DATA_DIR: "/srv/chat" })).toEqual({ kind: "filesystem", root: "/srv/chat/files" });
    expect(readFilesEnv({ DATA_DIR: "/srv/chat", FILES_S3_BUCKET: " " }).kind).toBe("filesystem");
  });

  it("reads an S3 store: endpoint, region (us-east-1 unset), keys, and path-style on with an endpoint unless told", () => {
    expect(
      readFilesEnv({
        FILES_S3_BUCKET: "chat-files",
        FILES_S3_ENDPOINT: "http://127.0.0.1:8333",
        FILES_S3_ACCESS_KEY_ID: "key",
        FILES_S3_SECRET_ACCESS_KEY: "secret",
      }),
    ).toEqual({
      kind: "s3",
      bucket: "chat-files",
      endpoint: "http://127.0.0.1:8333",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      pathStyle: true,
    });
    expect(readFilesEnv({ FILES_S3_BUCKET: "b", FILES_S3_REGION: "eu-west-3" })).toMatchObject({
      region: "eu-west-3",
      endpoint: undefined,
      credentials: undefined,
      pathStyle: false,
    });
    expect(
      readFilesEnv({ FILES_S3_BUCKET: "b", FILES_S3_ENDPOINT: "https://s3.example.org", FILES_S3_PATH_STYLE: "false" }),
    ).toMatchObject({ pathStyle: false });
  });

  it("refuses an endpoint that is no http(s) address, one key without the other, and a path-style that is not true or false", () => {
    expect(() => readFilesEnv({ FILES_S3_BUCKET: "b", FILES_S3_ENDPOINT: "127.0.0.1:8333" })).toThrow(
      "FILES_S3_ENDPOINT must be an http:// or https:// address: 127.0.0.1:8333",
    );
    expect(() => readFilesEnv({ FILES_S3_BUCKET: "b", FILES_S3_ACCESS_KEY_ID: "key" })).toThrow(/go together/);
    expect(() => readFilesEnv({ FILES_S3_BUCKET: "b", FILES_S3_PATH_STYLE: "yes" })).toThrow(
      "FILES_S3_PATH_STYLE must be true or false: yes",
    );
  });
});
