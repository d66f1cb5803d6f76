declare module 's3rver' {
  interface S3rverOptions {
    /** A port, or a Unix socket's path. */
    port?: number | string;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<unknown>;
    close(): Promise<void>;
    /** Set once run() listens. */
    httpServer?: import('node:http').Server;
  }
}
