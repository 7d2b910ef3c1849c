// The Java stub: run as `java stub from_manager to_manager index`; its class `stub` holds main (CMS runs the
// stub's class), the submission is class `task` (task.java), compiled with it.
import java.io.*;

public class stub {
    public static void main(String[] args) throws IOException {
        if (args.length < 3) System.exit(1);
        try (BufferedReader in = new BufferedReader(new FileReader(args[0]));
             PrintWriter out = new PrintWriter(new BufferedWriter(new FileWriter(args[1])))) {
            if (args[2].equals("0")) {
                int n = Integer.parseInt(in.readLine().trim());
                String[] parts = in.readLine().trim().split("\\s+");
                long[] a = new long[n];
                for (int i = 0; i < n; i++) a[i] = Long.parseLong(parts[i]);
                out.println(new task().encode(n, a));
            } else {
                out.println(new task().decode(Long.parseLong(in.readLine().trim())));
            }
        }
    }
}
