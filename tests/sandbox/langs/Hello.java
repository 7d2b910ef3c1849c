import java.io.*;
import java.util.*;

// The common contest template: a helper class declared before the class with main().
public class Hello {
    static class FastReader {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer st;
        String next() throws IOException {
            while (st == null || !st.hasMoreTokens()) st = new StringTokenizer(br.readLine());
            return st.nextToken();
        }
    }

    public static void main(String[] args) throws IOException {
        FastReader in = new FastReader();
        int a = Integer.parseInt(in.next()), b = Integer.parseInt(in.next());
        System.out.println("hello " + (a + b));
    }
}
