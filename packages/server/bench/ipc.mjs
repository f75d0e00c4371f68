// How the benchmarks' parent asks its forked processes: a message sent, the first answer that carries `key`.
export function ask(proc, message, key) {
  return new Promise((resolve) => {
    const on = (answer) => {
      if (key in answer) {
        proc.off('message', on);
        resolve(answer);
      }
    };
    proc.on('message', on);
    proc.send(message);
  });
}
