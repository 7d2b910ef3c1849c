fun main() {
    // readln is Kotlin 1.6: contest code uses it (Debian's kotlinc 1.3 has no such function)
    val (a, b) = readln().trim().split(" ").map { it.toInt() }
    println("hello ${a + b}")
}
