import fc from 'fast-check';

// Property tests run the same cases on every machine, as the server's fuzz tests do; FC_SEED=n
// explores others (a failure prints the seed and the path to replay it).
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261121) });
